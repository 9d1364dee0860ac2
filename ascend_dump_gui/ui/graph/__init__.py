"""The Graph mode: the model graph coloured by the compare result."""
