import { describe, expect, it } from 'vitest'
import { monogramInitials, renderMonogram } from './monogram.ts'

describe('renderMonogram', () => {
  it('draws one initial for one word and two for several', () => {
    expect(monogramInitials('React')).toBe('R')
    expect(monogramInitials('Amazon S3')).toBe('AS')
    expect(monogramInitials('node.js')).toBe('NJ')
    expect(monogramInitials('***')).toBe('?')
  })

  it('uses the brand colour with readable text, and escapes the name', () => {
    const light = renderMonogram('Tom & <Jerry>', '#f7df1e')
    expect(light).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/)
    expect(light).toContain('fill="#F7DF1E"')
    expect(light).toContain('fill="#111111"')
    expect(light).toContain('<title>Tom &#38; &#60;Jerry&#62;</title>')
    expect(renderMonogram('Dark', '#000080')).toContain('fill="#FFFFFF"')
  })

  it('picks the same palette colour for a name every time when no colour is given', () => {
    expect(renderMonogram('Stackatlas')).toBe(renderMonogram('Stackatlas'))
    expect(renderMonogram('Stackatlas', 'not a colour')).toBe(renderMonogram('Stackatlas'))
  })
})
