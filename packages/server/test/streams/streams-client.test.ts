/** The Streams client made from a connection's DynamoDB client: its region, credentials and endpoint (AWS's streams host for AWS's DynamoDB host). */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { streamsClientFor, streamsEndpoint } from '../../src/data/streams/streams-client.js';

const credentials = { accessKeyId: 'key-of-the-connection', secretAccessKey: 'secret-of-the-connection' };

describe('streamsClientFor', () => {
  it('takes the region, the credentials and a local endpoint of the DynamoDB client, once per client', async () => {
    const client = new DynamoDBClient({ region: 'eu-west-1', endpoint: 'http://localhost:8000', credentials });
    const streams = await streamsClientFor(client);
    expect(await streamsClientFor(client)).toBe(streams);
    expect(await streams.config.region()).toBe('eu-west-1');
    expect(await streams.config.credentials()).toMatchObject(credentials);
    expect(await streams.config.endpoint!()).toMatchObject({ hostname: 'localhost', port: 8000, protocol: 'http:' });
    expect(streams.config.requestHandler).toBe(client.config.requestHandler);
  });

  it("leaves AWS's streams endpoint to the region when the connection names none", async () => {
    const streams = await streamsClientFor(new DynamoDBClient({ region: 'ap-south-1', credentials }));
    expect(streams.config.isCustomEndpoint).toBe(false);
    expect(await streams.config.region()).toBe('ap-south-1');
  });
});

describe('streamsEndpoint', () => {
  it("turns AWS's DynamoDB host into its streams host, and leaves any other endpoint as it is", () => {
    expect(streamsEndpoint({ protocol: 'https:', hostname: 'dynamodb.eu-west-1.amazonaws.com', path: '/' })).toBe('https://streams.dynamodb.eu-west-1.amazonaws.com/');
    expect(streamsEndpoint({ protocol: 'https:', hostname: 'dynamodb.cn-north-1.amazonaws.com.cn', path: '/' })).toBe('https://streams.dynamodb.cn-north-1.amazonaws.com.cn/');
    expect(streamsEndpoint({ protocol: 'http:', hostname: '127.0.0.1', port: 8000, path: '/' })).toBe('http://127.0.0.1:8000/');
    expect(streamsEndpoint({ protocol: 'http:', hostname: 'dynamodb.local', path: '/' })).toBe('http://dynamodb.local/');
  });
});
