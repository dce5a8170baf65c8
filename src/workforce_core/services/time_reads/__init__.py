"""Read use cases of time, one module per endpoint: timesheets, who is on site now, exceptions and amendment
requests.

Each applies the endpoint's scope, the ownership rules (a time record belongs to the client owning
its site, else the worker's home client: ``TimeEntry.client_id``) and the key's site limit, then asks
the read model. A ``location_id`` filter of another client's site is 404 ``location_not_found``; one
outside a site-limited key 403 ``location_not_allowed``.
"""
