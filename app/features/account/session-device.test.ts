import { describe, expect, it } from 'vitest'
import { describeDevice, UNKNOWN_DEVICE } from './session-device.server'

describe('describeDevice', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/159.0.8154.6 Safari/537.36',
      'Chrome 159 sur Windows',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/159.0.0.0 Safari/537.36 Edg/159.0.0.0',
      'Microsoft Edge 159 sur Windows',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:140.0) Gecko/20100101 Firefox/140.0',
      'Firefox 140 sur macOS',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1',
      'Safari 18 sur iOS',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Mobile Safari/537.36',
      'Chrome 138 sur Android',
    ],
  ])('names the browser and the system of %s', (userAgent, expected) => {
    expect(describeDevice(userAgent)).toBe(expected)
  })

  it('says so when nothing tells the browser', () => {
    expect(describeDevice(null)).toBe(UNKNOWN_DEVICE)
    expect(describeDevice('')).toBe(UNKNOWN_DEVICE)
    expect(describeDevice('curl/8.5.0')).toBe(UNKNOWN_DEVICE)
  })
})
