#!/usr/bin/env python3
"""The poolbench Grafana dashboard, as code (Grafana Foundation SDK).

  .poolbench/venv-dashboards/bin/python monitoring/dashboard.py > monitoring/grafana/poolbench.json

monitoring/check.sh installs the SDK and fails when the committed JSON differs from this output.
The meter names are the app's (`/actuator/prometheus` on the management port: docs/pool-metrics.md)
and the exporters'; job names and labels are those the runner (PrometheusConfig) and Ansible
(roles/poolbench_prometheus) give them: job `poolbench-app` with `profile`, `round`, `run`,
`variant`; jobs `mysqld` and `node`. The Java test DashboardQueriesTest runs every expression
below against a real Prometheus, so a renamed meter fails there, not on a user's screen.
"""
import json
import sys

from grafana_foundation_sdk.builders import dashboard, prometheus, timeseries
from grafana_foundation_sdk.builders.common import VizLegendOptions
from grafana_foundation_sdk.cog.encoder import JSONEncoder
from grafana_foundation_sdk.models.common import LegendDisplayMode, LegendPlacement
from grafana_foundation_sdk.models.dashboard import DataSourceRef, VariableOption, VariableRefresh, VariableSort

UID = "poolbench"
DS = DataSourceRef(type_val="prometheus", uid="${datasource}")
APP = 'job="poolbench-app", profile=~"$profile", run=~"$run"'
RATE = "$__rate_interval"
BY_RUN = "profile, run"


def query(expr, legend, ref):
    return (prometheus.Dataquery().expr(expr).legend_format(legend).ref_id(ref)
            .range().datasource(DS))


def panel(title, unit, description, targets, width=12):
    """A time series per run; the legend as a table so 15 runs stay readable."""
    p = (timeseries.Panel().title(title).description(description).unit(unit).datasource(DS)
         .height(8).span(width).line_width(1).fill_opacity(0).show_points("never")
         .legend(VizLegendOptions().display_mode(LegendDisplayMode.LIST)
                 .placement(LegendPlacement.BOTTOM).show_legend(True)))
    for i, (expr, legend) in enumerate(targets):
        p = p.with_target(query(expr, legend, chr(ord("A") + i)))
    return p


def quantile(q, meter):
    return (f"histogram_quantile({q}, sum by ({BY_RUN}, le) "
            f"(rate({meter}_bucket{{{APP}}}[{RATE}])))")


def per_run_rate(meter, selector=APP):
    return f"sum by ({BY_RUN}) (rate({meter}{{{selector}}}[{RATE}]))"


def pool_panels():
    yield panel("Connections: active, idle, threads waiting", "short",
                "The pool's own counters where it has them (docs/pool-metrics.md). Active at max "
                "with waiting threads above 0: the pool is the bottleneck.", [
                    (f"poolbench_pool_active{{{APP}}}", "{{run}} active"),
                    (f"poolbench_pool_idle{{{APP}}}", "{{run}} idle"),
                    (f"poolbench_pool_pending{{{APP}}}", "{{run}} waiting"),
                    (f"poolbench_pool_max{{{APP}}}", "{{run}} max")])
    yield panel("Acquire time (getConnection)", "s",
                "p50 and p99 from the wrapper's histogram per scrape interval; max of the last "
                "5-10 s. Microseconds: a warm pool; milliseconds: validation, a new connection or a queue.", [
                    (quantile(0.5, "poolbench_pool_acquire_seconds"), "{{run}} p50"),
                    (quantile(0.99, "poolbench_pool_acquire_seconds"), "{{run}} p99"),
                    (f"poolbench_pool_acquire_seconds_max{{{APP}}}", "{{run}} max")])
    yield panel("Hold (usage) time: borrow to close", "s",
                "How long a request keeps its connection: the time spent in the database plus "
                "whatever the request does between its statements.", [
                    (quantile(0.5, "poolbench_pool_hold_seconds"), "{{run}} p50"),
                    (quantile(0.99, "poolbench_pool_hold_seconds"), "{{run}} p99"),
                    (f"poolbench_pool_hold_seconds_max{{{APP}}}", "{{run}} max")])
    yield panel("Borrows, connections opened (creation), acquire timeouts", "ops",
                "Per second. Opened stays 0 for a warm fixed-size pool and equals the borrows for "
                "nopool; a timeout is a getConnection() that threw.", [
                    (per_run_rate("poolbench_pool_acquire_seconds_count"), "{{run}} borrows"),
                    (per_run_rate("poolbench_pool_connections_opened_total"), "{{run}} opened"),
                    (per_run_rate("poolbench_pool_acquire_timeouts_total"), "{{run}} timeouts")])


def request_panels():
    tomcat = "tomcat_global_request_seconds"
    yield panel("Requests per second", "reqps",
                "Every HTTP request the app's Tomcat answered (pages, redirects, assets), from "
                "Tomcat's own counters (the app runs with its MBean registry on).", [
                    (per_run_rate(f"{tomcat}_count"), "{{run}}")])
    yield panel("Errors per second (status 400 and above)", "reqps",
                "Tomcat counts every answer with a status of 400 or more; the load generator's "
                "fails are in its result.json.", [
                    (per_run_rate("tomcat_global_error_total"), "{{run}}")])
    yield panel("Request time: mean", "s",
                "Mean per scrape interval. The app records no per-request histogram (Spring's "
                "http.server.requests observation is off: it cost CPU on every request), so the "
                "exact p99 of a run is the load generator's (result.json, summary).", [
                    (f"{per_run_rate(f'{tomcat}_sum')} / {per_run_rate(f'{tomcat}_count')}", "{{run}} mean")])


def jvm_panels():
    yield panel("App JVM: CPU (share of the machine)", "percentunit",
                "process_cpu_usage: 1 = every core of the host busy with the app.", [
                    (f"process_cpu_usage{{{APP}}}", "{{run}}")], width=8)
    yield panel("App JVM: live threads", "short", "Platform threads (virtual threads are not counted).", [
        (f"jvm_threads_live_threads{{{APP}}}", "{{run}}")], width=8)
    yield panel("App JVM: GC pause", "s",
                "Seconds of pause per second (all collectors), and the longest pause of the last minutes.", [
                    (per_run_rate("jvm_gc_pause_seconds_sum"), "{{run}} pause/s"),
                    (f"max by ({BY_RUN}) (jvm_gc_pause_seconds_max{{{APP}}})", "{{run}} max")], width=8)


def database_panels():
    db = 'job="mysqld"'
    yield panel("Database: threads connected and running", "short",
                "Connections open at the server: the pool's size, or one per request without a pool.", [
                    (f"mysql_global_status_threads_connected{{{db}}}", "{{instance}} connected"),
                    (f"mysql_global_status_threads_running{{{db}}}", "{{instance}} running")])
    yield panel("Database: queries per second", "ops",
                "Statements the server executed (Queries), including the pools' validation queries.", [
                    (f"sum by (instance) (rate(mysql_global_status_queries{{{db}}}[{RATE}]))", "{{instance}}")])


def host_panels():
    node = 'job="node"'
    yield panel("Host CPU by mode", "percentunit",
                "Average over the host's cores; user + system near 1 means the machine itself is the limit.", [
                    (f'avg by (instance, mode) (rate(node_cpu_seconds_total{{{node}, mode=~"user|system|iowait|softirq"}}[{RATE}]))',
                     "{{instance}} {{mode}}")])
    yield panel("Host CPU steal", "percentunit",
                "Time the hypervisor gave this VM's cores to someone else: above a few percent, "
                "run-to-run noise comes from the cloud, not the pool.", [
                    (f'avg by (instance) (rate(node_cpu_seconds_total{{{node}, mode="steal"}}[{RATE}]))', "{{instance}} steal")])


ALL = VariableOption(selected=True, text="All", value="$__all")


def variables():
    datasource = dashboard.DatasourceVariable("datasource").label("Prometheus").type("prometheus")
    profile = (dashboard.QueryVariable("profile").label("Pool profile").datasource(DS)
               .query('label_values(poolbench_pool_info{job="poolbench-app"}, profile)')
               .multi(True).include_all(True).all_value(".*").current(ALL)
               .refresh(VariableRefresh.ON_TIME_RANGE_CHANGED).sort(VariableSort.ALPHABETICAL_ASC))
    run = (dashboard.QueryVariable("run").label("Run").datasource(DS)
           .query('label_values(poolbench_pool_info{job="poolbench-app", profile=~"$profile"}, run)')
           .multi(True).include_all(True).all_value(".*").current(ALL)
           .refresh(VariableRefresh.ON_TIME_RANGE_CHANGED).sort(VariableSort.NATURAL_ASC))
    return [datasource, profile, run]


RUN_ANNOTATION_EXPR = f'max by (profile, round, run, variant) (up{{{APP}}} == 1)'


def grafana_annotation():
    """The annotations ansible/bench.yml and faults.yml post to Grafana's API, one per run."""
    return (dashboard.AnnotationQuery().name("Annotations & Alerts").built_in(1).type("dashboard").enable(True)
            .hide(True).icon_color("rgba(0, 211, 255, 1)")
            .datasource(DataSourceRef(type_val="grafana", uid="-- Grafana --")))


def runs_annotation():
    """Each run as a region while its app was scraped (the runner scrapes an app only during its run)."""
    return (dashboard.AnnotationQuery().name("Runs").datasource(DS).enable(True)
            .icon_color("rgba(0, 211, 255, 0.5)").expr(RUN_ANNOTATION_EXPR))


def build():
    board = (dashboard.Dashboard("poolbench: pools under load").uid(UID)
             .tags(["poolbench"]).refresh("5s").time("now-30m", "now").timezone("browser")
             .description("One comparison's runs: the pool, the requests, the app JVM, the database "
                          "and the host. Generated by monitoring/dashboard.py; do not edit by hand.")
             .variables(variables()).annotation(grafana_annotation()).annotation(runs_annotation()))
    panel_id = 0
    for title, panels in (("Pool", pool_panels()), ("Requests", request_panels()), ("App JVM", jvm_panels()),
                          ("Database", database_panels()), ("Host", host_panels())):
        panel_id += 1
        board = board.with_row(dashboard.Row(title).id(panel_id))
        for p in panels:
            panel_id += 1
            board = board.with_panel(p.id(panel_id))
    return board.build()


def to_json():
    data = json.loads(JSONEncoder(sort_keys=True).encode(build()))
    for annotation in data["annotations"]["list"]:
        if annotation.get("name") == "Runs":
            # The SDK's AnnotationQuery has no fields for the Prometheus annotation's title, text
            # and tags, nor its step; Grafana reads them from these keys.
            annotation.update({"titleFormat": "{{profile}} round {{round}}", "textFormat": "run {{run}} {{variant}}",
                               "tagKeys": "profile,round", "step": "5s", "useValueForTime": False})
    return json.dumps(data, indent=2, sort_keys=True) + "\n"


if __name__ == "__main__":
    sys.stdout.write(to_json())
