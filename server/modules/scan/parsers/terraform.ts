// Infrastructure as code: Terraform providers and resources (the 'terraform' alias of a provider is its type,
// 'aws'; of a resource its type, 'aws_s3_bucket'), Terragrunt, Pulumi, Serverless, AWS CDK and SAM/CloudFormation.
import { parse as parseYaml } from 'yaml'
import { cleanVersion, type Signal } from '../signals.ts'
import { asRecord, type ManifestParser, presence } from './parser.ts'

export const terraformParser: ManifestParser = {
  id: 'terraform',
  matches: (_path, base) => base.endsWith('.tf'),
  parse(file) {
    const signals: Signal[] = []
    const source = file.text.replace(/^\s*(#|\/\/).*$/gm, '')
    const required = /required_version\s*=\s*"([^"]+)"/.exec(source)
    signals.push({ kind: 'name', name: 'Terraform', version: cleanVersion(required?.[1]), source: file.path })
    // required_providers { aws = { source = "hashicorp/aws", version = "~> 5.0" } }
    for (const match of source.matchAll(
      /source\s*=\s*"(?:[\w.-]+\/)?[\w-]+\/([\w-]+)"(?:[^}]*?version\s*=\s*"([^"]+)")?/g,
    )) {
      signals.push({ kind: 'terraform', name: match[1]!, version: cleanVersion(match[2]), source: file.path })
    }
    for (const match of source.matchAll(/^\s*provider\s+"([\w-]+)"/gm)) {
      signals.push({ kind: 'terraform', name: match[1]!, source: file.path })
    }
    for (const match of source.matchAll(/^\s*(?:resource|data)\s+"([\w-]+)"\s+"[\w-]+"/gm)) {
      signals.push({ kind: 'terraform', name: match[1]!, source: file.path })
      const provider = match[1]!.split('_')[0]!
      signals.push({ kind: 'terraform', name: provider, source: file.path })
    }
    return signals
  },
}

export const serverlessParser: ManifestParser = {
  id: 'serverless.yml',
  matches: (_path, base) => base === 'serverless.yml' || base === 'serverless.yaml',
  parse(file) {
    const signals: Signal[] = presence(file.path, 'Serverless')
    let config: Record<string, unknown> = {}
    try {
      config = asRecord(parseYaml(file.text.replace(/\$\{[^}]*\}/g, 'x')))
    } catch {}
    const provider = asRecord(config.provider).name
    if (provider === 'aws') signals.push(...presence(file.path, 'AWS Lambda'))
    if (provider === 'google') signals.push(...presence(file.path, 'Google Cloud Functions'))
    if (provider === 'azure') signals.push(...presence(file.path, 'Azure Functions'))
    return signals
  },
}

export const cloudFormationParser: ManifestParser = {
  id: 'cloudformation',
  matches: (_path, base) => /^(template|cloudformation|stack)[\w.-]*\.(ya?ml|json)$/i.test(base),
  parse(file) {
    if (!/AWSTemplateFormatVersion|AWS::/.test(file.text)) return []
    const signals: Signal[] = presence(file.path, 'AWS CloudFormation')
    if (/AWS::Serverless/.test(file.text)) signals.push(...presence(file.path, 'AWS SAM', 'AWS Lambda'))
    return signals
  },
}

export const terraformParsers = [terraformParser, serverlessParser, cloudFormationParser]
