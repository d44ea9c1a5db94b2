"""cuDF-style internals: ``Buffer``, the column classes and ``ColumnAccessor``."""
