from ferrodf.plc.strings.split import split as split

__all__ = ["split"]
