"""Build the solver's C core (assistant/bowling/_solvercore.c); everything else is in pyproject.toml."""
from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "assistant.bowling._solvercore",
            sources=["assistant/bowling/_solvercore.c"],
            extra_compile_args=["-O3", "-std=c99"],
        )
    ],
)
