"""The read gate's checks, in modules named for what they check.

Each check is a predicate over the question and one candidate claim (or its index) that
``read_gate._evaluate``, and here and there ``read_gate.answer``, calls to decide whether the claim
fills the asked hole. The modules import one another without a cycle and never import read_gate."""
