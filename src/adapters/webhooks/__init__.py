"""Webhook delivery: the system resolver, the HMAC signer, the safe sender and the dispatcher."""
