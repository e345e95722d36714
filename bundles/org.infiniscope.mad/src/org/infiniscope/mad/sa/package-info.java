/**
 * Subnet administration: the SA header (RMPP, SM_Key, AttributeOffset, ComponentMask), the SA status codes
 * and the SA records, each with an {@link org.infiniscope.mad.wire.AttributeCodec} named {@code CODEC} and
 * its component-mask bits in a nested {@code Components} class.
 * <p>
 * A GetTableResp of many records arrives in several MADs: the transport reassembles them with
 * {@link org.infiniscope.mad.rmpp.RmppReceiver} and {@link org.infiniscope.mad.sa.SaTable} splits the message into
 * records; a server builds the message with {@code SaTable.encode} and sends it with an
 * {@link org.infiniscope.mad.rmpp.RmppSender}. The records that embed SMA attributes (NodeRecord, PortInfoRecord
 * and the like) are not here yet.
 */
@org.osgi.annotation.versioning.Version("0.1.0")
package org.infiniscope.mad.sa;
