"""fronts."""
