"""Two-factor sign-in: a person's code generator, their recovery codes, and sign-ins waiting for a code."""

from __future__ import annotations

from sqlalchemy import BigInteger, Column, ForeignKey, Integer, String, Table, UniqueConstraint

from workforce_adapters.sql.tables.base import metadata
from workforce_adapters.sql.types import UtcDateTime

user_two_factor = Table(
    "user_two_factor",
    metadata,
    # one a person; off (enabled_at null) until a code from the secret is confirmed
    Column("id", Integer, primary_key=True),
    Column("user_id", Integer, ForeignKey("users.id"), nullable=False, unique=True),
    Column("secret", String(64), nullable=False),  # base32, kept as webhook secrets are: it must be used
    Column("created_at", UtcDateTime, nullable=False),
    Column("enabled_at", UtcDateTime, nullable=True),
    Column("last_step", BigInteger, nullable=True),  # the newest 30-second step whose code was accepted
)

recovery_codes = Table(
    "recovery_codes",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("user_id", Integer, ForeignKey("users.id"), nullable=False, index=True),
    Column("code_hash", String(64), nullable=False),  # SHA-256 of the person's id and the code
    Column("created_at", UtcDateTime, nullable=False),
    Column("used_at", UtcDateTime, nullable=True),
    UniqueConstraint("user_id", "code_hash", name="uq_recovery_codes_user_id"),
)

sign_in_challenges = Table(
    "sign_in_challenges",
    metadata,
    # a right password waiting for its code, found by the SHA-256 of its cookie token
    Column("id", Integer, primary_key=True),
    Column("user_id", Integer, ForeignKey("users.id"), nullable=False, index=True),
    Column("token_hash", String(64), nullable=False, unique=True),
    Column("created_at", UtcDateTime, nullable=False),
    Column("expires_at", UtcDateTime, nullable=False),
    Column("address", String(64), nullable=True),
    Column("used_at", UtcDateTime, nullable=True),
)
