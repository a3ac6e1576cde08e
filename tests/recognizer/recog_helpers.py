"""Helpers shared by the recogniser tests (importable: conftest puts this folder on sys.path)."""
from recognizer.polygons import quad_iou  # noqa: F401  (one home; test_polygons checks it)
