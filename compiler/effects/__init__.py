"""The effect language: nodes (the tree), layout (the state), check (types), lower (bytecode)."""


class LoweringError(Exception):
    """An effect beyond a limit of the VM (too many locals): a build error naming the power.

    Defined here, not in `lower`, so that a no-op build need not import the compiler stages."""
