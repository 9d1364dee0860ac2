"""Many ranks, many steps: the run index, statistics-first compare over whole trees, local or Dask executors."""
