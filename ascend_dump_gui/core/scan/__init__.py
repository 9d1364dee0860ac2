"""Dump folders of any layout (GE/acl raw dumps and msprobe trees): the folder scanner and the lazy tree over it."""
