/**
 * Subnet administration: the SA header (RMPP, SM_Key, AttributeOffset, ComponentMask), the SA status codes
 * and the SA records, each with an {@link org.infiniscope.mad.wire.AttributeCodec} named {@code CODEC} and
 * its component-mask bits in a nested {@code Components} class.
 * <p>
 * A GetTableResp of many records arrives in several MADs: the transport reassembles them with
 * {@link org.infiniscope.mad.rmpp.RmppReceiver} and {@link org.infiniscope.mad.sa.SaTable} splits the message into
 * records; a server builds the message with {@code SaTable.encode} and sends it with an
 * {@link org.infiniscope.mad.rmpp.RmppSender}.
 * <p>
 * The records that embed an SMA attribute ({@link org.infiniscope.mad.sa.NodeRecord},
 * {@link org.infiniscope.mad.sa.PortInfoRecord}, {@link org.infiniscope.mad.sa.LFTRecord} and the like) hold it as
 * the value type of {@code org.infiniscope.mad.smp} and decode it with that attribute's codec, so a field reads the
 * same from an SMP and from the SA. Several are not a multiple of 8 bytes long (NodeRecord 108, PortInfoRecord 68,
 * SMInfoRecord 25): in a table they sit AttributeOffset × 8 bytes apart, which {@link org.infiniscope.mad.sa.SaTable}
 * honours. These codecs decode every value of a field: in a request, the fields the component mask leaves out may
 * hold anything, so whether a value is acceptable is the SA's to judge, not the codec's.
 */
@org.osgi.annotation.versioning.Version("0.1.0")
package org.infiniscope.mad.sa;
