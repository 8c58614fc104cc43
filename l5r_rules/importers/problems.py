"""Why an import refused to write: one line each, `path:line:col: [CODE] message`.

The code is validate's stable code where the same problem has one (L5R001 bad
YAML in an existing entry, L5R070 a source file the registry names is missing);
problems only import can see (curated fields that would be lost, a bad --rename)
have none. A problem without a file (a bad option value) prints `import: message`.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class ImportProblem:
    path: str
    line: int
    col: int
    message: str
    code: str = ""

    def __str__(self) -> str:
        where = f"{self.path}:{self.line}:{self.col}" if self.path else "import"
        return f"{where}: {self.code + ' ' if self.code else ''}{self.message}"
