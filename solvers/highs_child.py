"""Solve an MPS file with HiGHS in its own process and print the result as JSON.

Run as ``python highs_child.py MODEL.mps TIME_LIMIT [max|min]`` (a plain script, so the
package is not imported); it must not import OR-Tools (whose bundled HiGHS clashes with highspy's).
"""
import json
import sys
import time


def main(path: str, time_limit: float, sense: str = "min") -> dict:
    """Solve and summarise."""
    import highspy
    h = highspy.Highs()
    h.setOptionValue("output_flag", False)
    h.setOptionValue("time_limit", float(time_limit))
    h.setOptionValue("threads", 2)
    t0 = time.perf_counter()
    h.readModel(path)
    if sense == "max":
        h.changeObjectiveSense(highspy.ObjSense.kMaximize)
    h.run()
    seconds = time.perf_counter() - t0
    ms = h.getModelStatus()
    info = h.getInfo()
    has_solution = info.primal_solution_status == 2  # kSolutionStatusFeasible
    if ms == highspy.HighsModelStatus.kOptimal:
        status = "OPTIMAL"
    elif ms == highspy.HighsModelStatus.kInfeasible:
        status = "INFEASIBLE"
    else:
        status = "FEASIBLE" if has_solution else "UNKNOWN"
    out = {"status": status, "model_status": h.modelStatusToString(ms), "seconds": seconds}
    if has_solution:
        lp = h.getLp()
        out["objective"] = info.objective_function_value
        out["values"] = dict(zip(lp.col_names_, h.getSolution().col_value))
    if status != "INFEASIBLE":
        bound = getattr(info, "mip_dual_bound", None)
        out["bound"] = out.get("objective") if status == "OPTIMAL" else bound
    return out


if __name__ == "__main__":
    print(json.dumps(main(sys.argv[1], float(sys.argv[2]), *sys.argv[3:4])))
