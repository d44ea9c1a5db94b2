import enum

class RegexFlags(enum.IntFlag):
    DEFAULT = 0
    MULTILINE = 8
    DOTALL = 16
    ASCII = 256
    EXT_NEWLINE = 512
