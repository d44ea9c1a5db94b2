"""pylibcudf's ``strings.side_type`` module."""

from __future__ import annotations

from ferrodf.plc._enums import rust_enum

SideType = rust_enum("SideType", __name__)


__all__ = ["SideType"]
