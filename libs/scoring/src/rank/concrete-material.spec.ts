import { controlPlaneActivity } from './control-plane';
import { concreteMaterial } from './concrete-material';
import { builtinRank } from './builtin-rank';

describe('controlPlaneActivity', () => {
  it('names CloudTrail events, IAM actions and Entra operations of a cloud intrusion', () => {
    const text =
      'In CloudTrail we saw GetCallerIdentity from 203.0.113.9, then ListBuckets and GetSecretValue calls. The role allowed ec2:RunInstances and iam:CreateUser. In Entra ID the audit log showed Consent to application for the rogue app.';
    expect(controlPlaneActivity(text)).toEqual([
      'RunInstances',
      'CreateUser',
      'GetCallerIdentity',
      'ListBuckets',
      'GetSecretValue',
      'Consent to application',
    ]);
  });

  it('does not read program API calls or CamelCase words outside a cloud text as events', () => {
    expect(controlPlaneActivity('The loader resolves GetProcAddress and calls CreateRemoteThread; ListView shows the files.')).toEqual([]);
    expect(controlPlaneActivity('On AWS the sample resolved GetProcAddress at start.')).toEqual([]);
  });

  it('reads Okta event types only in a text about Okta', () => {
    expect(controlPlaneActivity('Okta logged user.session.start and system.api_token.create for the account.')).toEqual([
      'user.session.start',
      'system.api_token.create',
    ]);
    expect(controlPlaneActivity('Visit user.session.start for details.')).toEqual([]);
  });
});

describe('concreteMaterial', () => {
  it('finds hunting queries in several languages', () => {
    expect(concreteMaterial('DeviceProcessEvents | where FileName =~ "x.exe"')).toEqual(['kql query']);
    expect(concreteMaterial('index=win sourcetype=sysmon EventCode=1')).toEqual(['spl query']);
    expect(concreteMaterial('process where process.name == "curl" and process.args : "-k"')).toEqual(['eql query']);
    expect(concreteMaterial('FROM logs-endpoint.events.* | WHERE process.name == "curl"')).toEqual(['esql query']);
    expect(concreteMaterial('SELECT name, path FROM processes WHERE on_disk = 0;')).toEqual(['osquery query']);
    expect(concreteMaterial('event.dataset:okta.system and event.action:user.mfa.factor.deactivate')).toEqual(['lucene query']);
    expect(concreteMaterial('Pivot: page.domain:*.pages.dev AND page.title:"Sign in"')).toEqual(['lucene query']);
    // The field names in prose, without a value after a colon, are no query.
    expect(concreteMaterial('The page.title field and the event.action field were empty.')).toEqual([]);
  });

  it('finds nothing in opinion or policy prose', () => {
    expect(
      concreteMaterial('Boards should ask how ransomware payments will be reported to the regulator, and where the cloud budget goes.'),
    ).toEqual([]);
  });
});

describe('builtinRank with the ranked text', () => {
  it('counts control-plane activity as material, so a cloud intrusion with a few IPs clears 6', () => {
    const counts = { ipv4: 6 };
    const text = 'CloudTrail showed ListSecrets, GetSecretValue, ListBuckets, GetObject and sts:AssumeRole from the addresses.';
    expect(builtinRank({ huntScore: 12, observablesByType: counts }).score).toBeLessThan(6);
    expect(builtinRank({ huntScore: 12, observablesByType: counts, text }).score).toBeGreaterThanOrEqual(6);
  });
});
