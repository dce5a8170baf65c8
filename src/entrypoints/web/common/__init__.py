"""What the four surfaces share: rendering, languages, the words of what was done, forms, the week a
page shows, downloads, and the console and portal's visit of a signed-in person."""
