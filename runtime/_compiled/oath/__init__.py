"""The compiled twins of runtime/oath's modules (see the parent package); built, not written."""
