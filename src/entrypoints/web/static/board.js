// The shifts board: ArrowLeft and ArrowRight move the week when the grid or the week's links have the focus
// (a file, since pages allow no inline script). The links work without it.
document.addEventListener("keydown", function (event) {
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  var inside = event.target.closest && event.target.closest("#board, .weeknav");
  if (!inside || event.target.closest("input, select, textarea")) return;
  var link = document.querySelector('.weeknav a[data-week-key="' + event.key + '"]');
  if (!link) return;
  event.preventDefault();
  window.location.assign(link.href);
});
