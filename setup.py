"""Build the solvers' C cores (Bowling: assistant/bowling/_solvercore.c, Pyramid:
assistant/pyramid/_pyramidcore.c); everything else is in pyproject.toml."""
from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "assistant.bowling._solvercore",
            sources=["assistant/bowling/_solvercore.c"],
            extra_compile_args=["-O3", "-std=c99"],
        ),
        Extension(
            "assistant.pyramid._pyramidcore",
            sources=["assistant/pyramid/_pyramidcore.c"],
            extra_compile_args=["-O3", "-std=c99"],
        ),
    ],
)
