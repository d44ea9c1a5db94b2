from ferrodf._lib.strings import RegexProgram as RegexProgram
