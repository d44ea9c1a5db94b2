"""The h2oai / duckdblabs db-benchmark groupby and join questions (see README.md)."""
