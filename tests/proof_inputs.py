"""A proof's inputs file (wordlelab.models.inputs) for a test: the one way the commands take them."""
import json
from pathlib import Path


def inputs_file(folder, name="inputs.json", **files) -> str:
    """Write a manifest naming ``files`` (depth_checkpoint=PATH, class_checkpoints=[...], ...) in
    ``folder``; returns its path (the names are made absolute: the manifest may be anywhere)."""
    data = {"format": "wordlelab-inputs", "version": 1}
    for key, value in files.items():
        data[key] = str(Path(value).resolve()) if isinstance(value, (str, Path)) else \
            [str(Path(v).resolve()) for v in value]
    path = Path(folder) / name
    path.write_text(json.dumps(data))
    return str(path)
