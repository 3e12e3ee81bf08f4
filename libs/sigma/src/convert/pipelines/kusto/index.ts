import { registerPipelines } from '../../../pipeline/named/registry';
import { azureMonitorPipeline } from './azure-monitor';
import { microsoftXdrPipeline } from './microsoft-xdr';
import { sentinelAsimPipeline } from './sentinel-asim';

// The Kusto backend's pipelines by the ids its plugin registers (microsoft_365_defender is the old name of microsoft_xdr).
registerPipelines({
  microsoft_xdr: microsoftXdrPipeline,
  microsoft_365_defender: microsoftXdrPipeline,
  sentinel_asim: sentinelAsimPipeline,
  azure_monitor: azureMonitorPipeline,
});
