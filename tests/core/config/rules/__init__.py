"""The checker's rules: each fires where the runtime or the seed says, with its template and fix."""
