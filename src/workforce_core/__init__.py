"""workforce_core: the framework-free domain of the workforce service (rules, use cases, ports)."""

API_VERSION = "1.3.0"
