{{/* The release's name for its objects, at most 63 characters as Kubernetes names allow. */}}
{{- define "switchyard.fullname" -}}
{{- if contains .Chart.Name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name .Chart.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{- define "switchyard.labels" -}}
app.kubernetes.io/name: {{ .Chart.Name }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version }}
{{- end -}}

{{- define "switchyard.selector" -}}
app.kubernetes.io/name: {{ .Chart.Name }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end -}}

{{- define "switchyard.image" -}}
{{ .Values.image.repository }}:{{ .Values.image.tag | default .Chart.AppVersion }}
{{- end -}}

{{/* The Secret the pods read: the user's own, or the chart's. */}}
{{- define "switchyard.secretName" -}}
{{- .Values.existingSecret | default (include "switchyard.fullname" .) -}}
{{- end -}}

{{/* A variable from the Secret; optional keys may be missing from a Secret the user manages. */}}
{{- define "switchyard.secretEnv" -}}
- name: {{ .name }}
  valueFrom:
    secretKeyRef:
      name: {{ include "switchyard.secretName" .root }}
      key: {{ .key | default .name }}
      optional: {{ .optional }}
{{- end -}}

{{/* BASE_URI_PATH as the server reads it: "" or "/prefix", without a trailing slash. */}}
{{- define "switchyard.basePath" -}}
{{- with trimAll "/" (.Values.basePath | default "") -}}/{{ . }}{{- end -}}
{{- end -}}
