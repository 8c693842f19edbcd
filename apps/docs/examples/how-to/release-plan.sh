#!/usr/bin/env bash
# Roll the flag new-checkout out in milestones: a release template (10% → 50% → 100%, each an hour after the last),
# a release plan from it on the flag in development, its first milestone started, then the next one by hand, and a
# pause so nothing more starts by itself. SDKs get each milestone's rollout. Needs curl and jq, and an Admin's token.
# Safe to run more than once: an earlier run's plan is removed first.
set -euo pipefail
URL="${SWITCHYARD_URL:-http://localhost:4242}"
TOKEN="${SWITCHYARD_ADMIN_TOKEN:-*:*.quickstart-admin-secret}"
CLIENT="${SWITCHYARD_CLIENT_TOKEN:-default:development.quickstart-client-secret}"
FLAG=new-checkout
ENV_PATH="/api/admin/projects/default/features/$FLAG/environments/development"

# api METHOD PATH [JSON]: calls the Admin API, prints the answer, fails with the error body on 4xx and 5xx.
api() {
  local args=(--silent --show-error --fail-with-body -X "$1" "$URL$2" -H "Authorization: $TOKEN")
  if [ $# -gt 2 ]; then args+=(-H 'Content-Type: application/json' --data "$3"); fi
  curl "${args[@]}"
}
# served PERCENT: what SDKs get for the flag in development, once it is that rollout (the served payload follows a
# change within moments); fails when it never is.
served() {
  local answer
  for _ in $(seq 50); do
    answer=$(curl --silent --show-error --fail-with-body "$URL/api/client/features/$FLAG" -H "Authorization: $CLIENT" |
      jq -r '"on: \(.enabled), rollout: \([.strategies[].parameters.rollout] | join(", "))%"')
    if [ "$answer" = "on: true, rollout: $1%" ]; then echo "$answer" && return 0; fi
    sleep 0.1
  done
  echo "SDKs got \"$answer\", not a $1% rollout" >&2
  return 1
}

# 1. The template: three milestones, each with one gradual rollout; the first two lead to the next after an hour.
rollout() { jq -n --arg p "$1" '{ sortOrder: 0, name: "flexibleRollout", parameters: { rollout: $p, stickiness: "default", groupId: "new-checkout" } }'; }
TEMPLATE=$(jq -n --argjson ten "$(rollout 10)" --argjson fifty "$(rollout 50)" --argjson all "$(rollout 100)" '{
  name: "Ten, fifty, everyone",
  description: "10% for an hour, 50% for an hour, then everyone",
  milestones: [
    { name: "10%", sortOrder: 0, strategies: [$ten], transitionCondition: { intervalMinutes: 60 } },
    { name: "50%", sortOrder: 1, strategies: [$fifty], transitionCondition: { intervalMinutes: 60 } },
    { name: "Everyone", sortOrder: 2, strategies: [$all] }
  ]
}')
TEMPLATE_ID=$(api GET /api/admin/release-plan-templates | jq -r '.[] | select(.name == "Ten, fifty, everyone") | .id')
if [ -z "$TEMPLATE_ID" ]; then
  TEMPLATE_ID=$(api POST /api/admin/release-plan-templates "$TEMPLATE" | jq -r .id)
fi
echo "template \"Ten, fifty, everyone\": $TEMPLATE_ID"

# 2. The flag, turned on in development; a plan left by an earlier run is removed (with the strategies it added).
if [ "$(curl -s -o /dev/null -w '%{http_code}' "$URL/api/admin/projects/default/features/$FLAG" -H "Authorization: $TOKEN")" = 404 ]; then
  api POST /api/admin/projects/default/features "{\"name\":\"$FLAG\"}" >/dev/null
fi
for OLD in $(api GET "$ENV_PATH/release-plans" | jq -r '.[].id'); do
  api DELETE "$ENV_PATH/release-plans/$OLD" >/dev/null
done

# 3. The plan: the template's milestones copied onto the flag in development. None is active yet.
PLAN=$(api POST "$ENV_PATH/release-plans" "{\"templateId\":\"$TEMPLATE_ID\"}")
PLAN_ID=$(jq -r .id <<<"$PLAN")
milestone() { jq -r --arg name "$1" '.milestones[] | select(.name == $name) | .id' <<<"$PLAN"; }
echo "plan $PLAN_ID: $(jq -r '[.milestones[].name] | join(" → ")' <<<"$PLAN")"

# 4. Start the first milestone: its 10% rollout goes on, and the plan will move to 50% by itself in an hour.
api POST "$ENV_PATH/release-plans/$PLAN_ID/milestones/$(milestone '10%')/start" >/dev/null
api POST "$ENV_PATH/on" >/dev/null
echo "started 10%: next by itself at $(api GET "$ENV_PATH/release-plans" | jq -r '.[0].nextProgressionAt')"
echo "SDKs get $(served 10)"

# 5. Progress by hand, without waiting for the hour: start the next milestone. Its strategies replace the last's.
api POST "$ENV_PATH/release-plans/$PLAN_ID/milestones/$(milestone '50%')/start" >/dev/null
echo "started 50%: SDKs get $(served 50)"

# 6. Pause: nothing more starts by itself until someone resumes (POST .../progressions/$PLAN_ID/resume).
PAUSED=$(api POST "/api/admin/projects/default/features/$FLAG/environments/development/progressions/$PLAN_ID/pause")
echo "paused at $(jq -r '.pausedAt' <<<"$PAUSED"), next by itself: $(jq -r '.nextProgressionAt' <<<"$PAUSED")"

# What the event log recorded for the flag, oldest first.
api GET "/api/admin/search/events?feature=IS:$FLAG&limit=50" |
  jq -r '[.events[] | select(.type | test("release-plan|milestone"))] | reverse | .[] | "  \(.type)"'
