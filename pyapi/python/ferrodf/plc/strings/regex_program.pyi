from ferrodf._lib import RegexProgram as RegexProgram
