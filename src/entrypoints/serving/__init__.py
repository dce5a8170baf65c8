"""What the API (``http``) and the pages (``web``) share, neither owning it: the storage threads every
request runs its storage work on, a stored file as a reply, the headers of every reply, and the API log's
writer (the queue each API request appends its record to, written in batches by a thread)."""
