// Registers the named pipelines of each target family with the registry.
import '../../pipeline/named';
import './splunk';
import './elasticsearch';
import './kusto';
