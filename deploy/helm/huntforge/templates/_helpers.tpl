{{/*
Names. App resources are "<fullname>-<app>"; the fullname is cut to 48 characters so that even
"-content-filter" still fits the 63-character limit of a Service name.
*/}}
{{- define "huntforge.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{- define "huntforge.fullname" -}}
{{- if .Values.fullnameOverride }}
{{- .Values.fullnameOverride | trunc 48 | trimSuffix "-" }}
{{- else }}
{{- $name := default .Chart.Name .Values.nameOverride }}
{{- if contains $name .Release.Name }}
{{- .Release.Name | trunc 48 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name $name | trunc 48 | trimSuffix "-" }}
{{- end }}
{{- end }}
{{- end }}

{{/* The name of one app's Deployment, Service and PodDisruptionBudget. Takes (dict "root" $ "component" app). */}}
{{- define "huntforge.appFullname" -}}
{{- printf "%s-%s" (include "huntforge.fullname" .root) .component }}
{{- end }}

{{- define "huntforge.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/* Labels. Take (dict "root" $ "component" name); component may be empty for release-wide objects. */}}
{{- define "huntforge.selectorLabels" -}}
app.kubernetes.io/name: {{ include "huntforge.name" .root }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
{{- with .component }}
app.kubernetes.io/component: {{ . }}
{{- end }}
{{- end }}

{{- define "huntforge.labels" -}}
helm.sh/chart: {{ include "huntforge.chart" .root }}
{{ include "huntforge.selectorLabels" . }}
app.kubernetes.io/version: {{ .root.Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .root.Release.Service }}
app.kubernetes.io/part-of: huntforge
{{- end }}

{{- define "huntforge.serviceAccountName" -}}
{{- if .Values.serviceAccount.create }}
{{- default (include "huntforge.fullname" .) .Values.serviceAccount.name }}
{{- else }}
{{- default "default" .Values.serviceAccount.name }}
{{- end }}
{{- end }}

{{/* The migration hook runs before the release's own ServiceAccount exists, so it gets one of its own. */}}
{{- define "huntforge.migrationServiceAccountName" -}}
{{- if .Values.serviceAccount.create }}
{{- printf "%s-migrations" (include "huntforge.fullname" .) }}
{{- else }}
{{- include "huntforge.serviceAccountName" . }}
{{- end }}
{{- end }}

{{- define "huntforge.image" -}}
{{- $image := .Values.image }}
{{- if $image.digest }}
{{- printf "%s@%s" $image.repository $image.digest }}
{{- else }}
{{- printf "%s:%s" $image.repository (default .Chart.AppVersion $image.tag | toString) }}
{{- end }}
{{- end }}

{{/* The variable the distributed gateway reads an app's base URL from: content-filter → CONTENT_FILTER_URL. */}}
{{- define "huntforge.urlEnvVar" -}}
{{- printf "%s_URL" (. | upper | replace "-" "_") }}
{{- end }}

{{/*
Variables the chart sets itself. User-supplied env may not set them: a second AUTH_MODE or DATABASE_URL
further down the list would silently win over the chart's.
*/}}
{{- define "huntforge.managedEnvNames" -}}
{{- $names := list "NODE_ENV" "HOST" "PORT" "AUTH_MODE" "DATA_DIR" "MIGRATE_ON_START" "LOG_LEVEL" "BODY_LIMIT" "SHUTDOWN_TIMEOUT_MS" "SCHEDULER_ENABLED" "SCHEDULED_JOBS_POLL_SECONDS" "BACKUP_DIR" "DATABASE_URL" "AMQP_URL" "SETTINGS_ENCRYPTION_KEY" "ALLOWED_HOSTS" "TRUSTED_PROXIES" "IDENTITY_SIGNING_KEY" }}
{{- range $app, $_ := .Values.apps }}
{{- if ne $app "gateway" }}
{{- $names = append $names (include "huntforge.urlEnvVar" $app) }}
{{- end }}
{{- end }}
{{- toJson $names }}
{{- end }}

{{/* Fails rendering when a user-supplied env list sets a managed variable. Takes (dict "root" $ "env" list "where" path). */}}
{{- define "huntforge.assertUnmanagedEnv" -}}
{{- $managed := include "huntforge.managedEnvNames" .root | fromJsonArray }}
{{- range .env }}
{{- if has .name $managed }}
{{- fail (printf "%s sets %s, which the chart manages; use the chart's own value for it (see values.yaml)" $.where .name) }}
{{- end }}
{{- end }}
{{- end }}

{{/* Enough time for the preStop pause plus the app's own shutdown budget, with a margin for the last log flush. */}}
{{- define "huntforge.terminationGracePeriodSeconds" -}}
{{- $shutdownSeconds := div (add (int .Values.config.shutdownTimeoutMs) 999) 1000 }}
{{- add $shutdownSeconds (int .Values.preStopSleepSeconds) 5 }}
{{- end }}

{{/* Credentials, only ever as references into Secrets. */}}
{{- define "huntforge.secretEnv" -}}
{{- $secret := required "existingSecret must name a Secret holding DATABASE_URL and AMQP_URL" .Values.existingSecret }}
- name: DATABASE_URL
  valueFrom:
    secretKeyRef:
      name: {{ $secret | quote }}
      key: {{ required "secretKeys.databaseUrl is required" .Values.secretKeys.databaseUrl | quote }}
- name: AMQP_URL
  valueFrom:
    secretKeyRef:
      name: {{ $secret | quote }}
      key: {{ required "secretKeys.amqpUrl is required" .Values.secretKeys.amqpUrl | quote }}
- name: IDENTITY_SIGNING_KEY
  valueFrom:
    secretKeyRef:
      name: {{ $secret | quote }}
      key: {{ required "secretKeys.identitySigningKey is required" .Values.secretKeys.identitySigningKey | quote }}
{{- with .Values.secretKeys.settingsEncryptionKey }}
- name: SETTINGS_ENCRYPTION_KEY
  valueFrom:
    secretKeyRef:
      name: {{ $secret | quote }}
      key: {{ . | quote }}
{{- end }}
{{- range .Values.extraSecretEnv }}
- name: {{ required "extraSecretEnv entries need a name" .name }}
  valueFrom:
    secretKeyRef:
      name: {{ default $secret .secret | quote }}
      key: {{ required (printf "extraSecretEnv %s needs a key" .name) .key | quote }}
      {{- if hasKey . "optional" }}
      optional: {{ .optional }}
      {{- end }}
{{- end }}
{{- end }}

{{/* Settings every container shares, the migration Job included. */}}
{{- define "huntforge.sharedEnv" -}}
{{- include "huntforge.assertUnmanagedEnv" (dict "root" . "env" .Values.extraEnv "where" "extraEnv") }}
{{- include "huntforge.assertUnmanagedEnv" (dict "root" . "env" .Values.extraSecretEnv "where" "extraSecretEnv") }}
- name: NODE_ENV
  value: production
- name: LOG_LEVEL
  value: {{ .Values.config.logLevel | quote }}
- name: DATA_DIR
  value: /var/lib/huntforge
{{- include "huntforge.secretEnv" . }}
{{- with .Values.extraEnv }}
{{ toYaml . }}
{{- end }}
{{- end }}

{{/* The full environment of one app. Takes (dict "root" $ "component" name). */}}
{{- define "huntforge.appEnv" -}}
{{- $root := .root }}
{{- $app := index $root.Values.apps .component }}
{{- include "huntforge.assertUnmanagedEnv" (dict "root" $root "env" $app.env "where" (printf "apps.%s.env" .component)) }}
{{- include "huntforge.sharedEnv" $root }}
- name: HOST
  value: "0.0.0.0"
- name: PORT
  value: {{ $app.port | quote }}
- name: AUTH_MODE
  value: required
- name: BODY_LIMIT
  value: {{ $root.Values.config.bodyLimit | quote }}
- name: SHUTDOWN_TIMEOUT_MS
  value: {{ $root.Values.config.shutdownTimeoutMs | int | quote }}
- name: SCHEDULER_ENABLED
  value: {{ $root.Values.config.schedulerEnabled | quote }}
{{- $hosts := $root.Values.config.allowedHosts | default list }}
{{- if $root.Values.ingress.enabled }}
{{- range $root.Values.ingress.hosts }}
{{- $hosts = append $hosts .host }}
{{- end }}
{{- end }}
{{- with $hosts }}
- name: ALLOWED_HOSTS
  value: {{ join "," (uniq .) | quote }}
{{- end }}
{{- with $root.Values.config.trustedProxies }}
- name: TRUSTED_PROXIES
  value: {{ join "," . | quote }}
{{- end }}
- name: SCHEDULED_JOBS_POLL_SECONDS
  value: {{ $root.Values.config.scheduledJobsPollSeconds | int | quote }}
{{- /* The gateway proxies to every app; mcp forwards its writes to the owning apps. */}}
{{- if or (eq .component "gateway") (eq .component "mcp") }}
{{- $self := .component }}
{{- range $upstream, $upstreamApp := $root.Values.apps }}
{{- if and (ne $upstream "gateway") (ne $upstream $self) }}
{{- if $upstreamApp.enabled }}
- name: {{ include "huntforge.urlEnvVar" $upstream }}
  value: {{ printf "http://%s:%d" (include "huntforge.appFullname" (dict "root" $root "component" $upstream)) (int $upstreamApp.port) | quote }}
{{- else if $upstreamApp.externalUrl }}
- name: {{ include "huntforge.urlEnvVar" $upstream }}
  value: {{ $upstreamApp.externalUrl | quote }}
{{- end }}
{{- end }}
{{- end }}
{{- end }}
{{- with $app.env }}
{{ toYaml . }}
{{- end }}
{{- end }}

{{/* Writable scratch space under a read-only root filesystem. */}}
{{- define "huntforge.scratchVolumeMounts" -}}
- name: tmp
  mountPath: /tmp
- name: data
  mountPath: /var/lib/huntforge
{{- end }}

{{- define "huntforge.scratchVolumes" -}}
- name: tmp
  emptyDir:
    sizeLimit: {{ .Values.scratch.tmpSizeLimit }}
- name: data
  emptyDir:
    sizeLimit: {{ .Values.scratch.dataSizeLimit }}
{{- end }}

{{/* "true" when an app's HorizontalPodAutoscaler is on, else empty. Takes the app's values. */}}
{{- define "huntforge.autoscaled" -}}
{{- if and .autoscaling .autoscaling.enabled }}true{{ end }}
{{- end }}

{{/* The fewest pods an app runs: the autoscaler's minimum when it has one, else its replica count. */}}
{{- define "huntforge.minReplicas" -}}
{{- if include "huntforge.autoscaled" . }}{{ .autoscaling.minReplicas | int }}{{ else }}{{ .replicas | int }}{{ end }}
{{- end }}

{{/*
An app pod's annotations: Prometheus scraping of /metrics on the app's own port (where the probes are),
then `podAnnotations`, which win on a clash. Takes (dict "root" $ "component" name); returns YAML.
*/}}
{{- define "huntforge.appPodAnnotations" -}}
{{- $root := .root }}
{{- $app := index $root.Values.apps .component }}
{{- $annotations := dict }}
{{- if $root.Values.metrics.scrapeAnnotations }}
{{- $_ := set $annotations "prometheus.io/scrape" "true" }}
{{- $_ := set $annotations "prometheus.io/port" (toString $app.port) }}
{{- $_ := set $annotations "prometheus.io/path" $root.Values.metrics.path }}
{{- end }}
{{- toYaml (merge (deepCopy ($root.Values.podAnnotations | default dict)) $annotations) }}
{{- end }}

{{- define "huntforge.backupClaimName" -}}
{{- default (printf "%s-backups" (include "huntforge.fullname" .)) .Values.backup.persistence.existingClaim }}
{{- end }}
