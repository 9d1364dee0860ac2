"""Option declarations: one module per scenario (one ``FieldSpec`` per option drives form, checker, serializers
and importers), the value checks and runtime conditions they imply, and acl.json facts."""
