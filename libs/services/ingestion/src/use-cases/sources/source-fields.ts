import type { CreateSourceRequest } from '@huntforge/contracts/ingestion';

type SourceFieldsRequest = Partial<
  Pick<CreateSourceRequest, 'name' | 'url' | 'kind' | 'active' | 'check_frequency_seconds' | 'lookback_days' | 'min_content_length'>
>;

/**
 * The stored fields a create or update request sets, under their domain names: one mapping, so a field added to
 * the contract is stored by both routes or by neither. An absent field stays undefined (an update leaves it as it was).
 */
/** A create request's fields are all set (the contract's defaults); an update request's may be absent. */
export interface SourceFields<Body extends SourceFieldsRequest> {
  name: Body['name'];
  url: Body['url'];
  kind: Body['kind'];
  active: Body['active'];
  checkFrequencySeconds: Body['check_frequency_seconds'];
  lookbackDays: Body['lookback_days'];
  minContentLength: Body['min_content_length'];
}

export function sourceFields<Body extends SourceFieldsRequest>(body: Body): SourceFields<Body> {
  return {
    name: body.name,
    url: body.url,
    kind: body.kind,
    active: body.active,
    checkFrequencySeconds: body.check_frequency_seconds,
    lookbackDays: body.lookback_days,
    minContentLength: body.min_content_length,
  };
}
