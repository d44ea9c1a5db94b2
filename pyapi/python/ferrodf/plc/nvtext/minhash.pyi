from typing import Any

from ferrodf.plc.column import Column

def minhash(
    input: Column, seed: int, a: Column, b: Column, width: int, stream: Any = None, mr: Any = None
) -> Column: ...
def minhash64(
    input: Column, seed: int, a: Column, b: Column, width: int, stream: Any = None, mr: Any = None
) -> Column: ...
def minhash_ngrams(
    input: Column, ngrams: int, seed: int, a: Column, b: Column, stream: Any = None, mr: Any = None
) -> Column: ...
def minhash64_ngrams(
    input: Column, ngrams: int, seed: int, a: Column, b: Column, stream: Any = None, mr: Any = None
) -> Column: ...
