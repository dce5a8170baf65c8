"""What the API (``http``) and the pages (``web``) share, neither owning it: the storage threads every
request runs its storage work on, a stored file as a reply, and the headers of every reply."""
