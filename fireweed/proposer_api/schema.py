"""A small validator for the JSON Schema subset the tool schemas use.

Tool arguments come from a model; every mistake must come back as a sentence
that names the argument, so the model can correct itself.
"""

from __future__ import annotations

from typing import Any

_TYPES: dict[str, tuple[type, ...]] = {
    "string": (str,),
    "boolean": (bool,),
    "integer": (int,),
    "object": (dict,),
    "array": (list,),
}


def validate_arguments(schema: dict[str, Any], args: Any) -> str | None:
    """None when `args` fits `schema`, else a message naming the offending argument. An integral
    number given as a float (5.0) is stored back into `args` as the integer it is."""
    if not isinstance(args, dict):
        return "arguments must be a JSON object"
    props: dict[str, Any] = schema.get("properties", {})
    for name in schema.get("required", []):
        if name not in args or args[name] is None:
            return f"missing required argument `{name}`"
    if schema.get("additionalProperties") is False:
        for name in args:
            if name not in props:
                allowed = ", ".join(props) or "none"
                return f"unknown argument `{name}` (allowed: {allowed})"
    for name, value in args.items():
        spec = props.get(name)
        if spec is None or value is None and name not in schema.get("required", []):
            continue
        want = spec.get("type")
        if want == "integer" and isinstance(value, float) and value.is_integer():
            # JSON Schema's "integer" is any number with no fractional part: 5.0 is 5
            value = args[name] = int(value)
        kinds = _TYPES.get(want, ())
        if kinds and (not isinstance(value, kinds) or (want == "integer" and isinstance(value, bool))):
            return f"argument `{name}` must be of type {want}, got {type(value).__name__}"
        if want == "string":
            try:
                value.encode("utf-8")
            except UnicodeEncodeError:
                return f"argument `{name}` is not valid Unicode text (it contains a lone surrogate)"
            if "maxLength" in spec and len(value) > spec["maxLength"]:
                return f"argument `{name}` is {len(value)} characters; at most {spec['maxLength']} are allowed"
            if spec.get("minLength", 0) > len(value):
                return f"argument `{name}` must not be empty"
        if want == "integer":
            if "minimum" in spec and value < spec["minimum"]:
                return f"argument `{name}` must be at least {spec['minimum']}"
            if "maximum" in spec and value > spec["maximum"]:
                return f"argument `{name}` must be at most {spec['maximum']}"
    return None
