"""Steps that several use cases take: pricing a worker-week, checking an edit, closing an open shift,
writing a pay file's lines, checking a PIN... Each takes a unit of work (or a read port) and never
commits; the use case that calls it owns the transaction. Use cases (``workforce_core.services``) call
steps and never one another; a step never calls a use case.
"""
