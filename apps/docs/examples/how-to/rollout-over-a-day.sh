#!/usr/bin/env bash
# Roll the flag guarded-checkout out over a day (10%, 50% twelve hours later, everyone twelve hours after that) and
# let a safeguard stop it by itself when the checkout service reports too many failed checkouts. The service's
# reports are sent here by hand, as its SDK would send them. Needs curl and jq, an Admin's token and a client token.
# Safe to run more than once: an earlier run's plan is removed first.
set -euo pipefail
URL="${SWITCHYARD_URL:-http://localhost:4242}"
TOKEN="${SWITCHYARD_ADMIN_TOKEN:-*:*.quickstart-admin-secret}"
CLIENT="${SWITCHYARD_CLIENT_TOKEN:-default:development.quickstart-client-secret}"
FLAG=guarded-checkout
ENV_PATH="/api/admin/projects/default/features/$FLAG/environments/development"

# api METHOD PATH [JSON]: calls the Admin API, prints the answer, fails with the error body on 4xx and 5xx.
api() {
  local args=(--silent --show-error --fail-with-body -X "$1" "$URL$2" -H "Authorization: $TOKEN")
  if [ $# -gt 2 ]; then args+=(-H 'Content-Type: application/json' --data "$3"); fi
  curl "${args[@]}"
}
# report ERRORS: what the checkout service's SDK sends with its usage report, a counter of failed checkouts.
report() {
  curl --silent --show-error --fail-with-body -X POST "$URL/api/client/metrics" -H "Authorization: $CLIENT" \
    -H 'Content-Type: application/json' --data "$(jq -n --argjson n "$1" '{
      appName: "checkout",
      impactMetrics: [{ name: "checkout_errors", help: "Failed checkouts", type: "counter", samples: [{ value: $n }] }]
    }')" >/dev/null
}
# plan: the flag's plan in development as the Admin API shows it.
plan() { api GET "$ENV_PATH/release-plans" | jq '.[0]'; }
# wait_for JQ_TEST: polls the plan (every half second, for at most 30 seconds, three periods of the default
# SAFEGUARD_INTERVAL_MS) until the jq test holds; fails when it never does.
wait_for() {
  for _ in $(seq 60); do
    if plan | jq -e "$1" >/dev/null; then return 0; fi
    sleep 0.5
  done
  echo "the plan never met: $1" >&2
  plan >&2
  return 1
}

# 1. The template: three gradual rollouts, the first two leading to the next by themselves after twelve hours.
rollout() { jq -n --arg p "$1" '{ sortOrder: 0, name: "flexibleRollout", parameters: { rollout: $p, stickiness: "default", groupId: "guarded-checkout" } }'; }
TEMPLATE=$(jq -n --argjson ten "$(rollout 10)" --argjson fifty "$(rollout 50)" --argjson all "$(rollout 100)" '{
  name: "Everyone within a day",
  description: "10%, 50% twelve hours later, everyone twelve hours after that",
  milestones: [
    { name: "10%", sortOrder: 0, strategies: [$ten], transitionCondition: { intervalMinutes: 720 } },
    { name: "50%", sortOrder: 1, strategies: [$fifty], transitionCondition: { intervalMinutes: 720 } },
    { name: "Everyone", sortOrder: 2, strategies: [$all] }
  ]
}')
TEMPLATE_ID=$(api GET /api/admin/release-plan-templates | jq -r '.[] | select(.name == "Everyone within a day") | .id')
if [ -z "$TEMPLATE_ID" ]; then
  TEMPLATE_ID=$(api POST /api/admin/release-plan-templates "$TEMPLATE" | jq -r .id)
fi
echo "template \"Everyone within a day\": $TEMPLATE_ID"

# 2. The flag, and its plan in development from the template (a plan left by an earlier run is removed first).
if [ "$(curl -s -o /dev/null -w '%{http_code}' "$URL/api/admin/projects/default/features/$FLAG" -H "Authorization: $TOKEN")" = 404 ]; then
  api POST /api/admin/projects/default/features "{\"name\":\"$FLAG\"}" >/dev/null
fi
for OLD in $(api GET "$ENV_PATH/release-plans" | jq -r '.[].id'); do
  api DELETE "$ENV_PATH/release-plans/$OLD" >/dev/null
done
PLAN=$(api POST "$ENV_PATH/release-plans" "{\"templateId\":\"$TEMPLATE_ID\"}")
PLAN_ID=$(jq -r .id <<<"$PLAN")
FIRST=$(jq -r '.milestones[] | select(.name == "10%") | .id' <<<"$PLAN")
echo "plan $PLAN_ID: $(jq -r '[.milestones[].name] | join(" → ")' <<<"$PLAN")"

# 3. The safeguard: more than 10 failed checkouts reported by the checkout service within 5 minutes pauses the plan.
SAFEGUARD=$(api PUT "$ENV_PATH/release-plans/$PLAN_ID/safeguards" '{
  "impactMetric": {
    "metricName": "checkout_errors",
    "timeRange": "hour",
    "aggregationMode": "count",
    "labelSelectors": { "appName": ["checkout"] }
  },
  "windowMinutes": 5,
  "triggerCondition": { "operator": ">", "threshold": 10 },
  "action": { "type": "pauseReleasePlanProgressions" }
}')
echo "safeguard $(jq -r .id <<<"$SAFEGUARD"): count of checkout_errors > 10 for 5 min pauses the plan"

# 4. Start: the 10% rollout goes on, and the plan moves to 50% by itself in twelve hours.
api POST "$ENV_PATH/release-plans/$PLAN_ID/milestones/$FIRST/start" >/dev/null
api POST "$ENV_PATH/on" >/dev/null
echo "started 10%: next by itself at $(plan | jq -r .nextProgressionAt)"

# 5. A healthy report: 3 failed checkouts. The safeguard reads them at its next evaluation and does nothing. (Run
# the script again within 5 minutes and this run's errors are still in the window: the plan pauses straight away.)
report 3
wait_for '.safeguards[0].lastValue != null'
HEALTHY=$(plan)
echo "3 errors: safeguard read $(jq -r '.safeguards[0].lastValue' <<<"$HEALTHY"), plan paused: $(jq '.pausedAt != null' <<<"$HEALTHY")"

# 6. Errors rise: 40 more. Within one evaluation period the safeguard pauses the plan and says why.
report 40
wait_for '.pausedAt != null'
PAUSED=$(plan)
echo "40 more errors: plan paused: $(jq '.pausedAt != null' <<<"$PAUSED"), next by itself: $(jq -r .nextProgressionAt <<<"$PAUSED")"
echo "why: $(jq -r .pausedReason <<<"$PAUSED")"

# What the event log recorded for the flag, oldest first.
api GET "/api/admin/search/events?feature=IS:$FLAG&limit=50" |
  jq -r '[.events[] | select(.type | test("release-plan|milestone|safeguard"))] | reverse | .[] | "  \(.type)"'
