"""SQLAlchemy 2 storage: SQLite (embedded default) and PostgreSQL (psycopg 3), the same code for both."""
