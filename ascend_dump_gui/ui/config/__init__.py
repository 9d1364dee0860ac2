"""Config editors: schema-generated forms, live findings, previews, where files land."""
