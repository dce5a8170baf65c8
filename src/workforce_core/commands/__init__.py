"""Commands: one frozen attrs class per write, built at the edge from typed values."""
