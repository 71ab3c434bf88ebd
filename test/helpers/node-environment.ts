import type { EnvironmentContext, JestEnvironmentConfig } from '@jest/environment';
import NodeEnvironment from 'jest-environment-node';
import { useShortKeepAlive } from './short-keep-alive';

/** Jest's node environment, with the tests' fetch keeping idle connections briefly (short-keep-alive.ts). */
export default class NodeWithShortKeepAliveEnvironment extends NodeEnvironment {
  constructor(config: JestEnvironmentConfig, context: EnvironmentContext) {
    super(config, context);
    useShortKeepAlive();
  }
}
