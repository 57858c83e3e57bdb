// overlay.ts reads its YAML through this name; once it calls js-yaml itself, this file goes.
import yaml from 'js-yaml';

export function loadYaml(text: string, filename: string, json: boolean): unknown {
  return yaml.load(text, { filename, json });
}
