"""The base layer: what every other layer stands on, and that knows no game model.

Errors as located values (:mod:`.errors`), exact numbers (:mod:`.exact`),
did-you-mean suggestions (:mod:`.suggestions`), the translation lookup and
CLDR formatting every layer's messages go through (:mod:`.i18n`,
:mod:`.formatting`, :mod:`.particles`), text from strangers made safe to show
(:mod:`.shown`, :mod:`.glyphs`), opening files a stranger named
(:mod:`.input_files`) and where rulesets, catalogs and schemas are found
(:mod:`.resources`). Nothing here imports another layer of the engine.
"""

# The translation lookup reads catalogs through this module, which words its own problems through the lookup:
# loading it here installs the reader before any message is translated.
from engine.base import catalogs  # noqa: E402,F401
