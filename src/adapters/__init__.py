"""workforce_adapters: SQL storage (SQLAlchemy + Alembic), JSON records and, later, webhook delivery."""
