"""The checker's conflict rules: ``engine`` (rule types and the runner), then one module per scenario."""
